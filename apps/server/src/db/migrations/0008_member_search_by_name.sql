-- The substring match first reads an organisation's members in name order (each member's whole-name row
-- of member_search_terms) and stops once the page is full: this index holds only those rows, so the read
-- starts at the first name instead of wading through every other term (emails' numbers sort first).
CREATE INDEX member_search_terms_by_name ON member_search_terms (organisation_id, name, user_id) INCLUDE (home_gym_id) WHERE term = name;
