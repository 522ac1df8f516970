import { Spinner } from '../components/Spinner';

export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <Spinner />
    </div>
  );
}
