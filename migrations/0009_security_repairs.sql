-- Repairs that go with the security fixes of issue 18 (docs/decisions/0021).
--
-- 1. No memorial address may read as a QR code: /memorial/{key} now takes such a key to be a code
--    only. An address that does (the same test as src/shared/qr-code.ts: ten characters of
--    Crockford Base32 once hyphens are dropped and I, L, O read as 1, 1, 0, with a right Luhn
--    mod 32 check character) gets the start of the memorial's id added, which is unique.
CREATE FUNCTION pg_temp.reads_as_code(slug text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  cleaned text := translate(upper(replace(slug, '-', '')), 'ILO', '110');
  factor int := 2;
  total int := 0;
  value int;
  addend int;
BEGIN
  IF length(cleaned) <> 10 THEN RETURN false; END IF;
  IF strpos(alphabet, substr(cleaned, 10, 1)) = 0 THEN RETURN false; END IF;
  FOR i IN REVERSE 9..1 LOOP
    value := strpos(alphabet, substr(cleaned, i, 1)) - 1;
    IF value < 0 THEN RETURN false; END IF;
    addend := factor * value;
    factor := CASE WHEN factor = 2 THEN 1 ELSE 2 END;
    total := total + addend / 32 + addend % 32;
  END LOOP;
  RETURN substr(alphabet, (32 - total % 32) % 32 + 1, 1) = substr(cleaned, 10, 1);
END
$$;
--> statement-breakpoint
UPDATE "memorials" SET "slug" = "slug" || '-' || left(replace("id"::text, '-', ''), 8) WHERE pg_temp.reads_as_code("slug");
--> statement-breakpoint
-- 2. A private memorial's address ends in 8 random characters, so that trying to take an address
--    can no longer tell anyone that a private memorial of that name exists.
UPDATE "memorials" SET "slug" = rtrim(left("slug", 71), '-') || '-' || left(md5(random()::text || "id"::text), 8) WHERE "privacy" = 'private';
--> statement-breakpoint
-- 3. A finished job keeps no payload: a sent e-mail's payload held its working links (reset, set-up,
--    invitation, approve and reject), and a backup would have kept them.
UPDATE "jobs" SET "payload" = '{}'::jsonb WHERE "done_at" IS NOT NULL OR "failed_at" IS NOT NULL;
