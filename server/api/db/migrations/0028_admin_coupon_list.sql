-- The admins' coupon list reads a page newest first (GET /admin/coupons) from this index instead of
-- sorting every coupon ever made.
CREATE INDEX coupons_newest ON coupons (created_at DESC, code);
