import HealthBadge from "./HealthBadge.tsx";

export default function App() {
  return (
    <main>
      <h1>Liftoff Studio</h1>
      <HealthBadge />
    </main>
  );
}
