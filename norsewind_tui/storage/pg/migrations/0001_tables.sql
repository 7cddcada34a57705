-- 0001 (issue 25): shared tables and solo saves, a row per game; their notifications; presence.
-- (0002 is the profiles' game records, the hall of fame and the daily deal.)

-- A game is the very document a saves folder holds (docs/SAVES.md: seats, options, seed, card-set
-- digest, generation, the list of decisions and the digest they replay to). The program replays it
-- and checks its digest on every load, so a row edited by hand is checked, never trusted.
CREATE TABLE games (
    kind text NOT NULL CHECK (kind IN ('save', 'table')),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    generation bigint NOT NULL CHECK (generation > 0),
    document bytea NOT NULL,
    updated timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, name)
);

-- Every change of a game wakes the hosts that show it (LISTEN norsewind_games): the payload is
-- "kind generation name", never the game itself (a reader loads the row and checks it).
CREATE FUNCTION norsewind_notify_game() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row games%ROWTYPE;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row := OLD;
        PERFORM pg_notify('norsewind_games', row.kind || ' 0 ' || row.name);
        RETURN OLD;
    END IF;
    row := NEW;
    PERFORM pg_notify('norsewind_games', row.kind || ' ' || row.generation || ' ' || row.name);
    RETURN NEW;
END;
$$;

CREATE TRIGGER games_notify AFTER INSERT OR UPDATE OR DELETE ON games
    FOR EACH ROW EXECUTE FUNCTION norsewind_notify_game();

-- One record per running app (a token per process: a player may have two terminals), as the
-- presence folder holds them: the record's JSON, checked as strictly as a file is.
CREATE TABLE presence (
    identity text NOT NULL,
    token text NOT NULL,
    record bytea NOT NULL,
    updated timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (identity, token)
);
