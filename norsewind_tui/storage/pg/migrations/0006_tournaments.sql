-- Tournaments (issue 44.1): each record as the file store keeps it (storage/tournaments.py), a row
-- per tournament.  Written by compare-and-set on ``generation``: a round is decided once, by the
-- first app that finds it due; the others find it decided.
CREATE TABLE tournaments (
    name       text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$'),
    doc        jsonb NOT NULL CHECK (jsonb_typeof(doc) = 'object'),
    generation bigint NOT NULL DEFAULT 0
);
