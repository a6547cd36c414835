-- Abuse limits kept in the database, so they hold across restarts and instances: counts per
-- scope (what is limited), key (a client address, an applicant's document) and window.
CREATE TABLE abuse_counters (
  scope text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX abuse_counters_window ON abuse_counters (window_start);

-- Promoter logins per client address: failures make the next attempt wait longer (a delay,
-- never an account lockout a stranger could trigger); attempts in flight are counted so that
-- concurrent ones cannot pass the allowance.
CREATE TABLE login_throttle (
  address text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  in_flight integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  updated_at timestamptz NOT NULL
);
