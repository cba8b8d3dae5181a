CREATE TABLE "stripe_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stripe_seen_at" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_account_id" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"charge_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"stripe_seen_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_part_payments" (
	"form_id" integer NOT NULL,
	"part_index" integer NOT NULL,
	"checkout_attempt" integer DEFAULT 0 NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"checkout_expires_at" timestamp with time zone,
	"payment_intent_id" text,
	"charge_id" text,
	"amount_cents" bigint,
	"held_at" timestamp with time zone,
	"act_by" timestamp with time zone,
	"released_at" timestamp with time zone,
	"transfer_id" text,
	"refund_owed_at" timestamp with time zone,
	"reversal_id" text,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"mismatch_note" text,
	CONSTRAINT "stripe_part_payments_form_id_part_index_pk" PRIMARY KEY("form_id","part_index")
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_part_payments" ADD CONSTRAINT "stripe_part_payments_form_id_commission_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."commission_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_disputes_form_idx" ON "stripe_disputes" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "stripe_part_payments_session_idx" ON "stripe_part_payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "stripe_part_payments_charge_idx" ON "stripe_part_payments" USING btree ("charge_id");