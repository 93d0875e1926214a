ALTER TABLE "custom_nodes" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The code versions kept before (docs/adr/0104) open each connector's history: their params and
-- handler with the connector's other fields as they are today. The current one is the revision.
INSERT INTO "resource_versions" ("workspace_id", "kind", "resource_id", "number", "document", "author_id", "author_name", "message", "restored_from", "created_at")
SELECT cn."workspace_id", 'custom_node', cn."id", v."version",
  jsonb_build_object(
    'name', cn."name", 'service_name', cn."service_name", 'description', cn."description",
    'enabled', cn."enabled", 'imageData', cn."image_data", 'execution_type', cn."execution_type",
    'code_execution_content', v."code", 'params', v."params", 'group', cn."group_id"
  ),
  NULL, NULL, 'Anterior ao histórico de versões: só os parâmetros e o handler são desta versão', NULL, v."created_at"
FROM "custom_node_versions" v
JOIN "custom_nodes" cn ON cn."id" = v."custom_node_id"
WHERE cn."deleted_at" IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "custom_nodes" SET "revision" = "version";
