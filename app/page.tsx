export default function Home() {
  return <div className="mx-auto max-w-3xl p-8">Chat coming soon</div>;
}
