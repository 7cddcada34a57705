-- Leases instead of session locks (issue 25: a host holds few connections, so an app does not keep
-- one open to hold its locks).  A row is a lock: who holds it ("norsewind USER PID HOST", as
-- pg_stat_activity's application_name was) and when its holder last renewed it.  A holder renews
-- its leases every few seconds; a lease not renewed for the time the program gives is free, and a
-- holder of this host that no longer runs is let go of at once.  UNLOGGED: a lease need not
-- survive a crash of the server (its holders take it again at their next renewal).

CREATE UNLOGGED TABLE holds (
    key     text PRIMARY KEY,
    holder  text NOT NULL,
    renewed timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX holds_by_holder ON holds (holder);
