import { messages } from './messages.ts';

/**
 * The spec's creator-application messages, exactly, except that a username breaking the rule
 * every username follows gets sign-up's message for it.
 */
export const creatorApplicationMessages = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameInvalid: messages.usernameInvalid,
  profileImageRequired: 'Profile image is required',
  coverImageRequired: 'Cover image is required',
  bioRequired: 'Bio is required',
  bioTooShort: 'Bio must be at least 50 characters long',
  bioTooLong: 'Bio must be at most 500 characters long',
  socialLinkRequired: 'At least one social media link is required',
  categoryRequired: 'Please select at least one category',
  tagRequired: 'Please select at least one tag',
  vibeRequired: 'Please select at least one vibe',
  pending:
    "You already have a pending creator application. We'll review it and get back to you soon!",
  approved: 'Your creator application has been approved!',
  alreadyCreator: 'You are already an approved creator!',
  submitted:
    "Creator application submitted successfully! We'll review your application and get back to you soon.",
} as const;
