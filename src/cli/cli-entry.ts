#!/usr/bin/env node
/**
 * The review-my-code-bot command: runs main with the process's streams,
 * environment and directory, and exits with its code (or with 130 after
 * stopping the review agent on Ctrl-C).
 */
import { main } from './cli-main.js'
import { installInterruptHandler } from './interrupt-handler.js'

installInterruptHandler(process.stderr)

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd()
})
