export default function Home() {
  return <main>refboard</main>;
}
