/** Who may read and change what: API bearer tokens, the trusted proxy in front of the pages. */
package io.railscope.security;
