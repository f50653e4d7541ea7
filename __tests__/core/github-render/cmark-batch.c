/*
 * Renders many documents with one process, each exactly as
 * `cmark-gfm [--unsafe] [-e EXTENSION]...` renders one: the same Debian
 * library (linked against the files /usr/bin/cmark-gfm loads), the same
 * calls, and a new parser per document, so nothing of one document (open
 * blocks, link reference or footnote definitions) can reach another.
 *
 * Arguments: the binary's own flags (--unsafe, -e NAME; footnotes is an
 * option there too). Input on stdin, output on stdout, per document: a
 * 4-byte little-endian length, then that many bytes.
 *
 * The declarations below are the library's public API (cmark-gfm.h,
 * cmark-gfm-extension_api.h, cmark-gfm-core-extensions.h), written out
 * because Debian's -dev package is not installed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cmark_parser cmark_parser;
typedef struct cmark_node cmark_node;
typedef struct cmark_syntax_extension cmark_syntax_extension;
typedef struct cmark_llist cmark_llist;

extern void cmark_gfm_core_extensions_ensure_registered(void);
extern cmark_parser *cmark_parser_new(int options);
extern cmark_syntax_extension *cmark_find_syntax_extension(const char *name);
extern int cmark_parser_attach_syntax_extension(cmark_parser *parser,
                                                cmark_syntax_extension *extension);
extern void cmark_parser_feed(cmark_parser *parser, const char *buffer, size_t len);
extern cmark_node *cmark_parser_finish(cmark_parser *parser);
extern cmark_llist *cmark_parser_get_syntax_extensions(cmark_parser *parser);
extern char *cmark_render_html(cmark_node *root, int options, cmark_llist *extensions);
extern void cmark_node_free(cmark_node *node);
extern void cmark_parser_free(cmark_parser *parser);

#define CMARK_OPT_FOOTNOTES (1 << 13)
#define CMARK_OPT_UNSAFE (1 << 17)

static int read_exactly(char *buffer, size_t length) {
  return fread(buffer, 1, length, stdin) == length;
}

static void write_frame(const char *bytes, uint32_t length) {
  unsigned char head[4] = {length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff,
                           (length >> 24) & 0xff};
  fwrite(head, 1, 4, stdout);
  fwrite(bytes, 1, length, stdout);
  fflush(stdout);
}

static char *render(int argc, char **argv, int options, const char *text, size_t length) {
  cmark_parser *parser = cmark_parser_new(options);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-e") != 0 || i + 1 >= argc) continue;
    i += 1;
    if (strcmp(argv[i], "footnotes") == 0) continue;
    cmark_syntax_extension *extension = cmark_find_syntax_extension(argv[i]);
    if (extension == NULL) {
      fprintf(stderr, "Unknown extension %s\n", argv[i]);
      exit(2);
    }
    cmark_parser_attach_syntax_extension(parser, extension);
  }
  cmark_parser_feed(parser, text, length);
  cmark_node *document = cmark_parser_finish(parser);
  char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
  cmark_node_free(document);
  cmark_parser_free(parser);
  return html;
}

int main(int argc, char **argv) {
  int options = 0;
  cmark_gfm_core_extensions_ensure_registered();
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--unsafe") == 0) options |= CMARK_OPT_UNSAFE;
    if (strcmp(argv[i], "-e") == 0 && i + 1 < argc && strcmp(argv[i + 1], "footnotes") == 0)
      options |= CMARK_OPT_FOOTNOTES;
  }
  unsigned char head[4];
  while (read_exactly((char *)head, 4)) {
    uint32_t length = head[0] | (head[1] << 8) | (head[2] << 16) | ((uint32_t)head[3] << 24);
    char *text = malloc(length + 1);
    if (text == NULL || !read_exactly(text, length)) return 1;
    char *html = render(argc, argv, options, text, length);
    write_frame(html, (uint32_t)strlen(html));
    free(html);
    free(text);
  }
  return 0;
}
