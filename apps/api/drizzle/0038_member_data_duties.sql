-- Reserved for this session's work; replaced by the migration itself.
SELECT 1;
