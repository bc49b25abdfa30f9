CREATE TABLE "departure_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"departure_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"planned_on" date NOT NULL,
	"planned_basis" text NOT NULL,
	"delayed_to" date,
	"actual_on" date,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_milestones_departure_id_kind_key" UNIQUE("departure_id","kind")
);
--> statement-breakpoint
CREATE TABLE "departure_news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"departure_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"mode" "shipping_method" NOT NULL,
	"origin" text NOT NULL,
	"master_ref" text,
	"container_number" text,
	"carrier" text NOT NULL,
	"voyage" text NOT NULL,
	"arrival_port" text NOT NULL,
	"cutoff_on" date NOT NULL,
	"planned_departure" date NOT NULL,
	"planned_arrival" date,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"delayed_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "milestone_templates" (
	"mode" "shipping_method" NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"typical_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_templates_pkey" PRIMARY KEY("mode","kind")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipping_method" "shipping_method" DEFAULT 'aereo' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "departure_id" uuid;--> statement-breakpoint
ALTER TABLE "departure_milestones" ADD CONSTRAINT "departure_milestones_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_milestones" ADD CONSTRAINT "departure_milestones_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_news" ADD CONSTRAINT "departure_news_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_news" ADD CONSTRAINT "departure_news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_news_departure_id_created_at_idx" ON "departure_news" USING btree ("departure_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "departures_route_idx" ON "departures" USING btree ("mode","origin","arrival_port");--> statement-breakpoint
CREATE INDEX "departures_status_cutoff_idx" ON "departures" USING btree ("status","cutoff_on");--> statement-breakpoint
CREATE INDEX "departures_planned_departure_idx" ON "departures" USING btree ("planned_departure");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_departure_id_idx" ON "shipments" USING btree ("departure_id");--> statement-breakpoint
-- hand-written below
-- Staff changes to departures, their milestones, the template and their news leave audit entries (migration 0011).
CREATE TRIGGER "departures_audit" AFTER INSERT OR UPDATE OR DELETE ON "departures"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "departure_milestones_audit" AFTER INSERT OR UPDATE OR DELETE ON "departure_milestones"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();--> statement-breakpoint
CREATE TRIGGER "milestone_templates_audit" AFTER INSERT OR UPDATE OR DELETE ON "milestone_templates"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"('kind');--> statement-breakpoint
CREATE TRIGGER "departure_news_audit" AFTER INSERT OR UPDATE OR DELETE ON "departure_news"
  FOR EACH ROW WHEN (coalesce(current_setting('app.audit_actor', true), '') <> '') EXECUTE FUNCTION "audit_row"();
