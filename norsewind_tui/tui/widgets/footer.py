"""Textual's footer, its keys made compact before they are mounted, changed in place."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from ..textual_private import FooterKey


class KeySpec(NamedTuple):
    """What one key of the footer shows (the arguments of its ``FooterKey``)."""

    key: str
    key_display: str
    description: str
    action: str
    disabled: bool
    tooltip: str


class KeysFooter(Footer):
    """A compact footer whose keys are born compact, and changed in place when the keys change.

    Textual's footer mounts its keys anew whenever the screen's keys change (in a game, at most
    decisions) and binds each key's ``compact`` to its own: a key mounted plain, then given the
    ``-compact`` class, restyles itself once more. Given the class before it is mounted, it is
    styled once (a third of the CPU a hot-seat game spent on its footer, issue 22 §4).

    Mounting them anew also removed every key and laid out and painted the whole line again, each
    decision (issue 28): here a key that stays is kept as it is, one that goes is hidden, one that
    comes back is shown again and only a key never shown before is mounted, where the order of the
    keys puts it. A footer Textual's own way (key groups, the command palette's key) is recomposed.
    """

    def __init__(self, *, id: str | None = None, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(id=id, compact=compact, show_command_palette=show_command_palette)
        self.specs: dict[FooterKey, KeySpec] = {}  # the keys mounted (shown or hidden), what each shows

    def compose(self) -> ComposeResult:
        self.specs = {}
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if self.compact:
                    widget.set_class(True, "-compact", update=False)
                tooltip = widget.tooltip
                self.specs[widget] = KeySpec(
                    widget.key,
                    widget.key_display,
                    widget.description,
                    widget.action,
                    widget.has_class("-disabled"),
                    tooltip if isinstance(tooltip, str) else "",
                )
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus and self.children:  # blurred: the keys shown stay (Textual's way)
            return  # but a footer with none yet shows them: a browser's app starts blurred (issue 39)
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.update_keys)

    def wanted(self) -> list[KeySpec] | None:
        """The keys to show now, in order (None: a footer only Textual's compose draws)."""
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            return None
        specs: dict[str, KeySpec] = {}  # one key per action: the first binding's (as Footer.compose)
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in specs:
                continue
            if binding.group is not None:
                return None
            key_display = self.app.get_key_display(binding)
            specs[binding.action] = KeySpec(
                binding.key, key_display, binding.description, binding.action, not enabled, tooltip
            )
        return list(specs.values())

    async def update_keys(self) -> None:
        """Show the keys wanted now, changing only those that differ from the keys shown."""
        if not self.is_attached or self._pruning:  # (as Widget.recompose: the screen went meanwhile)
            return
        wanted = self.wanted()
        keys = [key for key in self.children if isinstance(key, FooterKey) and key in self.specs]
        if wanted is None or not keys or len(keys) != len(self.children):
            await self.recompose()  # Textual's way (the first time: nothing is mounted yet)
            return
        if [self.specs[key] for key in keys if key.display] == wanted:
            return
        at = 0  # the keys before ``at`` are in place
        for spec in wanted:
            found = next((i for i in range(at, len(keys)) if self.specs[keys[i]] == spec), None)
            if found is None:  # a key never shown here: mounted where the order puts it
                key = self.new_key(spec)
                await (self.mount(key, before=keys[at]) if at < len(keys) else self.mount(key))
                keys.insert(at, key)
                at += 1
                continue
            for passed in keys[at:found]:
                passed.display = False
            keys[found].display = True
            at = found + 1
        for passed in keys[at:]:
            passed.display = False
        # (Footer.compose also sets its styles' grid_size_columns: that restyles every key, and a
        # horizontal layout does not read it)

    def new_key(self, spec: KeySpec) -> FooterKey:
        """A key as Footer.compose makes it (compact from its birth, like the footer)."""
        key = FooterKey(*spec[:4], disabled=spec.disabled, tooltip=spec.tooltip)
        key.set_reactive(FooterKey.compact, self.compact)
        key.set_class(self.compact, "-compact", update=False)
        self.specs[key] = spec
        return key
