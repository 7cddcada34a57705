-- People's ratings (issue 27): every finished game counted for the ratings, once (by its id), in the
-- order counted.  A person's rating is the replay of these results (storage/ratings.py), as the
-- campaign is derived from game_records: nothing else is stored.  The seats are the rated
-- participants, [{"kind": "person"|"computer", "name": ..., "place": 1-4}, ...], checked when read.

CREATE TABLE rated_games (
    seq   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order counted
    game  text NOT NULL CHECK (game ~ '^[0-9a-f]{32}$'),
    date  timestamptz NOT NULL,
    seats jsonb NOT NULL CHECK (jsonb_typeof(seats) = 'array'),
    CONSTRAINT rated_games_once UNIQUE (game)
);
