-- Each pricing row carries its own quantityType (spec §3 Shipment pricing row): the shipment's type is copied into
-- every row that lacks one. The shipment's quantity_type column stays (the first row's type) for readers older than
-- this migration; a later migration drops it once none is left.
UPDATE "shipping_quote"."shipments" s
SET "pricings" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(e.p) = 'object' AND NOT (e.p ? 'quantityType')
      THEN e.p || jsonb_build_object('quantityType', s."quantity_type"::text)
      ELSE e.p END
    ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements(s."pricings") WITH ORDINALITY AS e(p, ord)
)
WHERE jsonb_typeof(s."pricings") = 'array';
