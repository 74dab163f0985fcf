import { AuthGate } from './AuthGate';
import { Providers } from './Providers';

export function App() {
  return (
    <Providers>
      <AuthGate />
    </Providers>
  );
}
