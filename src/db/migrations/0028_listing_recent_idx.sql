-- Filtered video lists (docs/decisions/0059, "Update"): a list filtered by date (the last
-- week or month) sorted by rating, comments, favourites or length walked that sort's index
-- for the recent videos among all of the section's (tens to hundreds of thousands of entries
-- for a deep page of a selective filter). This index holds the listed videos newest first
-- with every such sort key and the list filters, so the planner reads the date's range
-- from it alone and sorts the matches. videos_listed_date_idx stays: narrower, it is what
-- the newest-first lists walk.
CREATE INDEX "videos_listed_recent_idx" ON "videos" USING btree (gender, post_date DESC, id DESC) INCLUDE (duration, is_hd, channel_id, rating, likes, comments_count, favourites_count) WHERE status_id = 1;
