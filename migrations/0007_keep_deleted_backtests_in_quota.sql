-- A deleted run leaves the user's history but still counts toward the month's plan quota and the
-- admin usage figures: it keeps its row, marked deleted, with its bulky result dropped.
ALTER TABLE backtests ADD COLUMN deleted_at TEXT;
