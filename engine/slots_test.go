package engine

import (
	"encoding/json"
	"testing"
)

func TestExtractSlots(t *testing.T) {
	cases := []struct{ task, want string }{
		{"sort aln.bam by coordinate with 8 threads into aln.sorted.bam",
			`{"files":[{"path":"aln.bam","type":"bam","pos":1},{"path":"aln.sorted.bam","type":"bam","output":true,"pos":8}],"numbers":[{"value":"8","context":["by","coordinate","with","threads","into"],"pos":5}]}`},
		{"align reads_R1.fastq.gz reads_R2.fastq.gz to ref.fa, -k 31, use 2G memory",
			`{"files":[{"path":"reads_R1.fastq.gz","type":"fastq","pos":1},{"path":"reads_R2.fastq.gz","type":"fastq","pos":2},{"path":"ref.fa","type":"fasta","pos":4}],"numbers":[{"value":"2G","context":["k","31","use","memory"],"pos":8}],"user_flags":[{"key":"-k","value":"31"}]}`},
		{"extract chr1:100-2,000 from in.bam, K=5, read group '@RG\\tID:s1'",
			`{"files":[{"path":"in.bam","type":"bam","pos":3}],"numbers":[{"value":"5","context":["k"],"pos":4}],"regions":["chr1:100-2,000"],"quoted":["@RG\\tID:s1"],"kv":[{"key":"K","value":"5"}]}`},
		{"对aln.bam排序，使用8个线程，输出到 out.bam",
			`{"files":[{"path":"aln.bam","type":"bam","pos":1},{"path":"out.bam","type":"bam","output":true,"pos":7}],"numbers":[{"value":"8","context":["threads"],"pos":-1}]}`},
		{"build index for genome.fa named genome_idx",
			`{"files":[{"path":"genome.fa","type":"fasta","pos":3}],"names":["genome_idx"]}`},
		{"", `{}`},
	}
	for _, c := range cases {
		b, _ := json.Marshal(ExtractSlots(c.task))
		if string(b) != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.task, b, c.want)
		}
	}
}
