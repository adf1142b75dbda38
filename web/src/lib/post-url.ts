/** The absolute address of a post's page, as it is shared. */
export function postPageUrl(postId: number, origin = window.location.origin): string {
  return new URL(`/posts/${postId}`, origin).href;
}
