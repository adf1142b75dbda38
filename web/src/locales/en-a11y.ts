/**
 * English texts added for accessibility (issue 20): words that only screen readers hear, put
 * in front of visible text so an element's name still starts with what sighted users read.
 */
export const a11y = {
  a11y: {
    /** Before the other user's name in the conversation header's profile link. */
    viewProfileOf: 'View profile of',
    /** Before a post card's time, which links to the post's own page. */
    openPost: 'Open the post by {{username}},',
  },
};
