-- A username is never all digits: paths take an id or a username, and digits mean the id. Creator
-- applications could set such a name before they followed the username rule; those accounts are
-- renamed user_<id> (with a random suffix if someone already has that name), and can choose a
-- new name in the profile editor.
UPDATE "users" AS u
SET "username" = 'user_' || u."id" || CASE
    WHEN EXISTS (SELECT 1 FROM "users" o WHERE lower(o."username") = 'user_' || u."id")
    THEN '_' || substr(md5(random()::text), 1, 8)
    ELSE ''
  END
WHERE u."username" ~ '^[0-9]+$';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_username_not_digits" CHECK ("users"."username" !~ '^[0-9]+$');
