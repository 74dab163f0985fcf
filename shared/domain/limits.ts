/**
 * The product's numbers (limits, windows, prices, progress), in one place for server and client; the rules that
 * use them are described in docs/PACTS.md, docs/CHAT.md and docs/RULES.md.
 * Durations are in milliseconds unless the name says otherwise.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Create wizard
export const WIZARD_STEPS = 5;
export const WIZARD_STEPS_PRO = 6;
export const DURATION_MIN_DAYS = 1;
export const DURATION_MAX_DAYS = 365;
export const DEFAULT_TARGET_VALUE = 50;
export const DEFAULT_DURATION_DAYS = 30;
/** Upper bound on a Pact's target (reps or seconds) so a typo cannot create an absurd Pact. */
export const TARGET_VALUE_MAX = 10_000;
export const TITLE_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const EXERCISE_TYPE_MAX_LENGTH = 50;
export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_DESCRIPTION_MAX_LENGTH = 1000;

// Pro teams and payments (prices in whole dollars a month)
export const PRICE_MIN_DOLLARS = 5;
export const PRICE_MAX_DOLLARS = 199;
export const PRICE_DEFAULT_DOLLARS = 29;
export const PRICE_RECOMMENDED_MIN_DOLLARS = 15;
export const PRICE_RECOMMENDED_MAX_DOLLARS = 49;
export const PLATFORM_FEE_PERCENT = 15;
export const CREATOR_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT;
export const REVENUE_ESTIMATE_MEMBERS = 50;
export const CENTS_PER_DOLLAR = 100;
export const TRIAL_DAYS = 7;
export const PAST_DUE_GRACE_DAYS = 3;
export const WAITLIST_EARLY_BIRD_PRICE_DOLLARS = 29;
export const WAITLIST_NORMAL_PRICE_DOLLARS = 49;

// Reminders and start windows
export const REMINDER_WINDOW_MINUTES = 5;
export const REMINDER_CHECK_INTERVAL_MS = 60 * SECOND_MS;
export const CARD_START_WINDOW_MINUTES = 7.5;
export const CHAT_HEADER_WINDOW_MINUTES = 15;

// Pact defaults when a value is missing
export const DEFAULT_TOTAL_DAYS = 7;
export const DEFAULT_CURRENT_DAY = 1;

// List limits
export const HOME_FRIENDS_LIMIT = 6;
export const HOME_LOADING_PLACEHOLDERS = 5;
export const HOME_ACTIVITY_LIMIT = 5;
export const HOME_CREATED_LIMIT = 1;
export const HOME_ACTIVE_PARTICIPATIONS_LIMIT = 1;
export const TEAMS_PROGRAMS_LIMIT = 6;
export const TEAM_DESCRIPTION_PREVIEW_CHARS = 80;
export const PROFILE_OWN_PACTS_LIMIT = 1;
export const PROFILE_LIKED_PACTS_LIMIT = 1;
export const PROFILE_FRIENDS_LIMIT = 5;
export const USER_PAGE_ACTIVE_LIMIT = 3;
export const USER_PAGE_COMPLETED_LIMIT = 5;
export const USER_PAGE_CREATED_LIMIT = 5;
export const LEADERBOARD_TOP_LIMIT = 100;
/** Discover's popular filter keeps Pacts with MORE than this many participants. */
export const POPULAR_PARTICIPANT_THRESHOLD = 20;
/** In the 'all' feed one premium team follows every this many Pacts. */
export const FEED_PACTS_PER_TEAM = 2;
export const DISCOVER_PAGE_SIZE = 10;

// Video feed
export const VIDEO_TIMEOUT_DESKTOP_MS = 10 * SECOND_MS;
export const VIDEO_TIMEOUT_MOBILE_MS = 15 * SECOND_MS;
export const VIDEO_MAX_RETRIES = 2;
export const VIDEO_RETRY_DELAYS_MS = [1 * SECOND_MS, 2 * SECOND_MS] as const;
export const VIDEO_PRELOAD_MARGIN_PX = 150;
export const VIDEO_PRELOAD_MARGIN_MOBILE_PX = 200;
/** A slide plays when more than this share of it is visible. */
export const VIDEO_PLAY_VISIBILITY_THRESHOLD = 0.6;

// Camera and proof recording
export const CAMERA_IDEAL_WIDTH = 720;
export const CAMERA_IDEAL_HEIGHT = 1280;
export const CAMERA_MIN_WIDTH = 480;
export const CAMERA_MIN_HEIGHT = 640;
export const CAMERA_PLAY_RETRIES = 3;
export const CAMERA_PLAY_RETRY_STEP_MS = 100;
export const CAMERA_RETRY_DELAY_MS = 2 * SECOND_MS;
export const THUMBNAIL_CAPTURE_SECONDS = 1;
export const THUMBNAIL_JPEG_QUALITY = 0.8;

// Uploads and proofs
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const UPLOAD_MAX_DURATION_SECONDS = 10 * 60;
export const PROOF_AUTO_APPROVE_MS = 24 * HOUR_MS;
/** A proof's code word is valid this long after it is issued (its video's upload must start before). */
export const PROOF_CHALLENGE_TTL_MS = 15 * MINUTE_MS;
/**
 * The server's start window of a timed Pact, around its workout time in the member's time zone: a code word issued
 * in it counts for that day (it holds the card's 7.5 minutes before and the chat header's 15 minutes after).
 */
export const PROOF_WINDOW_BEFORE_MINUTES = CARD_START_WINDOW_MINUTES;
export const PROOF_WINDOW_AFTER_MINUTES = CHAT_HEADER_WINDOW_MINUTES;

// Chat
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 50;

// Accounts and privacy
export const DEMO_TTL_MS = 24 * HOUR_MS;
export const DEMO_RELOAD_DELAY_MS = 300;
export const MIN_AGE_DEFAULT = 13;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 280;
export const REPORT_REASON_MIN_LENGTH = 3;
export const REPORT_REASON_MAX_LENGTH = 500;
export const DELETION_REASON_MAX_LENGTH = 2000;
export const SESSION_TTL_DAYS = 30;
export const DELETION_GRACE_HOURS = 48;
export const DELETION_POLICY_DAYS = 30;

// Streaks, XP and levels (docs/PACTS.md, "Progress")
export const XP_PER_APPROVED_PROOF = 10;
export const XP_PER_COMPLETED_PACT = 100;
export const PACT_COMPLETION_PERCENT = 80;
/** Streak freezes (docs/RULES.md, Progress): one earned per this many consecutive scheduled days done... */
export const STREAK_FREEZE_EVERY_DAYS = 7;
/** ...and at most this many held at once. */
export const STREAK_FREEZES_MAX = 2;
export const LEVEL_XP_FACTOR = 50;
export const DIFFICULTY_XP_MULTIPLIER = { easy: 1, medium: 1.5, hard: 2 } as const;

// Client presentation
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME = 'dark';
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_MAX_WIDTH_PX = 420;
export const TOOLTIP_DELAY_MS = 700;
export const MENU_TYPEAHEAD_RESET_MS = 1000;
