-- Profiles' game records (issue 25): the campaign, the daily deal and the hall of fame.
-- A profile is its records, as the profile file is: medals, levels and titles are derived.

CREATE TABLE profiles (
    key  text PRIMARY KEY,  -- sanitise_name(name): the profile file's name without .json
    name text NOT NULL      -- the name as first recorded (cut to 64), shown in the hall of fame
);

CREATE TABLE game_records (
    seq      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order recorded (a file's order)
    profile  text NOT NULL REFERENCES profiles (key),
    game     text NOT NULL,          -- the save's game id: a game is recorded once (idempotent)
    date     timestamptz NOT NULL,
    level    smallint NOT NULL,
    score    bigint NOT NULL,
    vikings  bigint NOT NULL,
    margin   bigint NOT NULL,
    medal    text,
    seed     bigint NOT NULL,
    assisted boolean NOT NULL,
    save     text NOT NULL,
    cards    text,
    daily    text,                   -- YYYY-MM-DD of the daily deal this game was, else NULL
    CONSTRAINT game_records_once UNIQUE (profile, game)
);

-- One attempt per player, day and level: the day's result is recorded once.
CREATE UNIQUE INDEX game_records_daily_once ON game_records (profile, daily, level) WHERE daily IS NOT NULL;
-- The hall of fame: each player's best game per level, found without reading every record.
CREATE INDEX game_records_best ON game_records (level, assisted, profile, margin DESC, date, seq);
-- A day's deal: its results.
CREATE INDEX game_records_day ON game_records (daily, level) WHERE daily IS NOT NULL;
