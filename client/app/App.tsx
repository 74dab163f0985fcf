export function App() {
  return <div className="min-h-dvh bg-background">SweatPact</div>;
}
