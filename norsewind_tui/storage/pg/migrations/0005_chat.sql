-- Table chat (issue 41.2): a row per line said at a shared table, apart from the table's row, so
-- that a line never makes a new generation of the game. ``line`` is the JSON object a chat file
-- holds (storage/chat.py: the table's id, who, seat, decision, time, text), decoded and checked
-- when read; ``channel`` keeps the players' lines apart from the spectators'.
CREATE TABLE chat_lines (
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order said
    table_name text NOT NULL CHECK (length(table_name) BETWEEN 1 AND 200),
    channel    text NOT NULL CHECK (channel IN ('players', 'watchers')),
    line       bytea NOT NULL CHECK (octet_length(line) <= 4096)
);
CREATE INDEX chat_lines_of ON chat_lines (table_name, channel, seq);

-- A line wakes the hosts that show the table's chat: the payload is "chat-CHANNEL seq name", on the
-- games' channel (the host's one listener), never the line itself.
CREATE FUNCTION norsewind_notify_chat() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('norsewind_games', 'chat-' || NEW.channel || ' ' || NEW.seq || ' ' || NEW.table_name);
    RETURN NEW;
END;
$$;

CREATE TRIGGER chat_lines_notify AFTER INSERT ON chat_lines
    FOR EACH ROW EXECUTE FUNCTION norsewind_notify_chat();
