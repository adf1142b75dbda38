-- Explore must not match what a profile hides: its categories, tags or vibes while their show_*
-- flag is off. The search index leaves a hidden list out (NULL, which concat_ws skips).
DROP INDEX users_search_idx;
--> statement-breakpoint
CREATE INDEX users_search_idx ON users USING gin (
  to_tsvector('simple', zura_profile_search_text(username, bio, category,
    CASE WHEN show_subcategories THEN subcategories END,
    CASE WHEN show_tags THEN tags END,
    CASE WHEN show_vibes THEN vibes END))
);
