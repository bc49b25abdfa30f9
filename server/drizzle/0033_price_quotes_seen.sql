CREATE TABLE "price_quotes_seen" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"price_list_version_id" uuid NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_quotes_seen" ADD CONSTRAINT "price_quotes_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_quotes_seen" ADD CONSTRAINT "price_quotes_seen_price_list_version_id_price_list_versions_id_fk" FOREIGN KEY ("price_list_version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE cascade ON UPDATE no action;