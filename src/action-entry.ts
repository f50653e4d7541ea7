/** Action entry point: dist/index.js runs this. */
import { run } from './main.js'

await run()
