// Response shapes of the API, shared so the web app never re-types what the server sends.

/** Every error answer: a message, and for validation errors the message of each field. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** A user as anyone may see them. */
export interface PublicUser {
  id: number;
  username: string;
  isAdmin: boolean;
  isPremium: boolean;
  membershipExpiresAt: string | null;
  createdAt: string;
  postCount: number;
  threadCount: number;
  totalTipsSent: string;
  totalTipsReceived: string;
  bio: string | null;
  avatarUrl: string | null;
}

/** The signed-in user (GET /api/user, login, register): adds what only they and admins see. */
export interface CurrentUser extends PublicUser {
  email: string | null;
  isActive: boolean;
  lastLoginAt: string | null;
}

export interface Board {
  id: number;
  code: string;
  name: string;
  description: string;
  tags: string[];
  icon: string;
}
