export function App() {
  return (
    <main>
      <h1>Club Clothing</h1>
    </main>
  );
}
