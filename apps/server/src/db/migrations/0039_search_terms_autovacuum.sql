-- member_search_terms (issue 27): the search's prefix index and the members list's name-order indexes are read
-- index-only, which needs the table's pages marked all-visible by VACUUM. Since 0036 every change of a
-- member's latest subscription state rewrites their whole-name row, and 0036's own fill rewrote one row per
-- member: at a million members that left 1,000,065 dead rows, under autovacuum's default threshold (20 % of
-- the table's 7.1 million rows), so nothing cleaned them and every prefix search fetched the heap (two-word
-- search 56 to 510 ms p95 until a manual VACUUM). Vacuumed at 1 % (and analysed at 2 %) instead.
ALTER TABLE "member_search_terms" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
