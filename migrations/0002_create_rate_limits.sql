-- Fixed-window counters for rate limits (login, register, contact). Keys name the limit and
-- the subject, e.g. 'login-ip:203.0.113.7'. Kept in D1 because a per-isolate Map is no limit
-- on Workers, where every request may land on another isolate.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
