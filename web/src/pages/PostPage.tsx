import { useParams } from 'react-router';
import { PostView } from '../features/post-page';

/** `/posts/:postId`: the page a shared link opens. Only a plain positive id names a post. */
export function PostPage() {
  const { postId } = useParams();
  const id = postId && /^[1-9]\d{0,15}$/.test(postId) ? Number(postId) : undefined;
  return <PostView postId={id !== undefined && Number.isSafeInteger(id) ? id : undefined} />;
}
