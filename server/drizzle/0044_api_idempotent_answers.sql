CREATE TABLE "api_idempotent_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_key_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_idempotent_answers" ADD CONSTRAINT "api_idempotent_answers_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_idempotent_answers_key" ON "api_idempotent_answers" USING btree ("api_key_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "api_idempotent_answers_created_idx" ON "api_idempotent_answers" USING btree ("created_at");