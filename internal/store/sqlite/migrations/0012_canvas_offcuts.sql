-- PostgreSQL's migration 12 widens stock_rows' sizes for offcuts as long
-- as the largest canvas (10,000 cm). SQLite keeps sizes as INTEGER
-- hundredths, which hold them already: nothing changes, and the numbers of
-- both drivers' migrations stay the same.
SELECT 1;
