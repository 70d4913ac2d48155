CREATE INDEX "deliveries_delivered_at_idx" ON "deliveries" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "payments_succeeded_at_idx" ON "payments" USING btree ("succeeded_at","amount_pence") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "submissions_paid_at_idx" ON "submissions" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "submissions_completed_at_idx" ON "submissions" USING btree ("completed_at");