-- Reserved for issue 37 work this session; replaced by its migration, or left a no-op.
SELECT 1;