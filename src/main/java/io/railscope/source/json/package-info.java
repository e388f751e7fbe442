/** The one reader of JSON that clusters hand over, with limits on what an untrusted document may hold. */
package io.railscope.source.json;
