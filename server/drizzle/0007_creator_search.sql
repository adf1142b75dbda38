-- Explore: full-text search over a creator's username, bio, categories, tags and vibes, and
-- trigram matching on usernames for partial and misspelt names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE in general; over text arrays it is immutable in practice, which
-- an index expression needs.
CREATE FUNCTION zura_profile_search_text(username text, bio text, category text, subcategories text[], tags text[], vibes text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', username, bio, category,
    array_to_string(subcategories, ' '), array_to_string(tags, ' '), array_to_string(vibes, ' '))
$$;
--> statement-breakpoint
CREATE INDEX users_search_idx ON users USING gin (
  to_tsvector('simple', zura_profile_search_text(username, bio, category, subcategories, tags, vibes))
);
--> statement-breakpoint
CREATE INDEX users_username_trgm_idx ON users USING gin (lower(username) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_creators_followers_idx ON users (followers_count DESC, id DESC) WHERE is_creator;
