-- What an uploaded dataset holds: bars ('candles', every dataset before this) or trades
-- ('ticks', read by runs with intrabar "ticks"; docs/tick-data.md).
ALTER TABLE datasets ADD COLUMN kind TEXT NOT NULL DEFAULT 'candles';
