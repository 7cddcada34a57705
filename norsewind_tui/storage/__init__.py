"""Saved games, shared tables, the undo policy and solo campaign profiles (see docs/SAVES.md).

``GameHandle`` is what the app holds of an open game; ``SavedGame`` and ``SharedTable`` are one.

Nothing here prints: every problem is an exception whose ``str()`` is one line
naming the file and the problem.
"""

from .atomic import FileLock, atomic_write
from .errors import GameLocked, ReadOnlyGame, SaveConflict, SaveError, SaveMismatch, StorageError
from .format import FORMAT_VERSION, SaveFile, SaveMeta, SeatMeta, decode_save, encode_save, session_digest, state_digest
from .handle import GameHandle
from .paths import resolve_saves_dir, sanitise_name
from .profiles import CampaignRow, GameRecord, Profile, ProfileStore, default_profile_name
from .saves import GameFinished, GameStore, SavedGame, SaveSummary

__all__ = [
    "FORMAT_VERSION",
    "CampaignRow",
    "FileLock",
    "GameFinished",
    "GameHandle",
    "GameLocked",
    "GameRecord",
    "GameStore",
    "Profile",
    "ProfileStore",
    "ReadOnlyGame",
    "SaveConflict",
    "SaveError",
    "SaveFile",
    "SaveMeta",
    "SaveMismatch",
    "SaveSummary",
    "SavedGame",
    "SeatMeta",
    "StorageError",
    "atomic_write",
    "decode_save",
    "default_profile_name",
    "encode_save",
    "resolve_saves_dir",
    "sanitise_name",
    "session_digest",
    "state_digest",
]
