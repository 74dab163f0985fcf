-- Admin rights come only to a verified address (issue 26, hole 2). An account made admin at sign-up before that
-- rule, whose address was never proven, loses the role; a real admin gets it back when the address is verified
-- (or at the next sign-in of a verified address listed in ADMIN_EMAILS).
UPDATE "users" SET "role" = 'user' WHERE "role" = 'admin' AND NOT "email_verified";
