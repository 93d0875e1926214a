-- Every node of every stored flow records the version of its type (ADR 0014). Nodes saved
-- before versions existed ran version 1: they are pinned to it. Nodes that already record a
-- version keep it, so running this again changes nothing.
UPDATE "flows"
SET "data" = jsonb_set(
  "data",
  '{nodes}',
  (
    SELECT coalesce(
      jsonb_agg(
        CASE
          WHEN jsonb_typeof(n.node) = 'object' AND NOT jsonb_exists(n.node, 'typeVersion')
            THEN n.node || '{"typeVersion": 1}'::jsonb
          ELSE n.node
        END
        ORDER BY n.position
      ),
      '[]'::jsonb
    )
    FROM jsonb_array_elements("data" -> 'nodes') WITH ORDINALITY AS n(node, position)
  )
)
WHERE jsonb_typeof("data" -> 'nodes') = 'array'
  AND EXISTS (
    SELECT 1
    FROM jsonb_array_elements("data" -> 'nodes') AS m(node)
    WHERE jsonb_typeof(m.node) = 'object' AND NOT jsonb_exists(m.node, 'typeVersion')
  );
