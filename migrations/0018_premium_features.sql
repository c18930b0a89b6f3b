-- Premium's themes are now enforced (src/shared/premium.ts); both layouts stay free, because
-- /classic-memorial/{id} and /enhanced-memorial/{id} show any memorial in either (SPEC.md §2).
UPDATE "plans" SET "features" = (
	SELECT jsonb_agg(CASE WHEN "feature" = 'Alle temaer og begge layouts' THEN 'Alle temaer' ELSE "feature" END ORDER BY "n")
	FROM jsonb_array_elements_text("plans"."features") WITH ORDINALITY AS "listed"("feature", "n")
), "updated_at" = now()
WHERE "features" ? 'Alle temaer og begge layouts';
