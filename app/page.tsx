export default function Home() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">DocChat</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Chat with your documents.</p>
    </main>
  );
}
