-- Profiles' game records (issue 25): the campaign, the daily deal and the hall of fame.
-- A profile is its records, as the profile file is: medals, levels and titles are derived.

CREATE TABLE profiles (
    key  text PRIMARY KEY,  -- sanitise_name(name): the profile file's name without .json
    name text NOT NULL      -- the name as first recorded (cut to 64), shown in the hall of fame
);

CREATE TABLE game_records (
    seq      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order recorded (a file's order)
    profile  text NOT NULL REFERENCES profiles (key),
    game     text NOT NULL CHECK (game ~ '^[0-9a-f]{32}$'),  -- the save's game id: recorded once
    date     timestamptz NOT NULL,
    level    smallint NOT NULL CHECK (level BETWEEN 1 AND 7),
    score    bigint NOT NULL,
    vikings  bigint NOT NULL,
    margin   bigint NOT NULL,
    medal    text,
    seed     bigint NOT NULL,
    assisted boolean NOT NULL,
    save     text NOT NULL,
    cards    text,
    daily    text CHECK (daily ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),  -- the day of the daily deal it was, else NULL
    CHECK (margin = score - vikings),  -- the rest is checked when read, as a profile file is
    CONSTRAINT game_records_once UNIQUE (profile, game)
);

-- One attempt per player, day and level: the day's result is recorded once.
CREATE UNIQUE INDEX game_records_daily_once ON game_records (profile, daily, level) WHERE daily IS NOT NULL;
-- The hall of fame: each player's best game per level (assisted games apart), kept up to date as
-- each game is recorded, so the hall reads one row per player and level, never every record.
-- The best is the highest margin, then the earliest game (the file store's Hall.best); a tie
-- keeps the one recorded first.
CREATE TABLE best_games (
    level    smallint NOT NULL CHECK (level BETWEEN 1 AND 7),
    assisted boolean NOT NULL,
    profile  text NOT NULL REFERENCES profiles (key),
    margin   bigint NOT NULL,
    date     timestamptz NOT NULL,
    seq      bigint NOT NULL REFERENCES game_records (seq) ON DELETE CASCADE,
    PRIMARY KEY (level, assisted, profile)
);
CREATE INDEX best_games_rank ON best_games (level, assisted, margin DESC, date);

CREATE FUNCTION norsewind_best_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO best_games AS b (level, assisted, profile, margin, date, seq)
    VALUES (NEW.level, NEW.assisted, NEW.profile, NEW.margin, NEW.date, NEW.seq)
    ON CONFLICT (level, assisted, profile) DO UPDATE
        SET margin = EXCLUDED.margin, date = EXCLUDED.date, seq = EXCLUDED.seq
        WHERE (EXCLUDED.margin, b.date) > (b.margin, EXCLUDED.date);
    RETURN NEW;
END;
$$;

CREATE TRIGGER game_records_best AFTER INSERT ON game_records
    FOR EACH ROW EXECUTE FUNCTION norsewind_best_game();

-- A day's deal: its results.
CREATE INDEX game_records_day ON game_records (daily, level) WHERE daily IS NOT NULL;
