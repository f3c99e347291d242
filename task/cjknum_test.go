package task

import (
	"slices"
	"testing"
)

// TestCJKNumbers checks the numbers a Chinese task writes with a
// multiplier or in words, and the words it leaves alone.
func TestCJKNumbers(t *testing.T) {
	cases := []struct{ in, want string }{
		{"随机抽取1万条读段", "随机抽取10000条读段"},
		{"模拟 10 万对 reads", "模拟 100000对 reads"},
		{"目标 1.5亿 碱基", "目标 150000000 碱基"},
		{"2百万条", "2000000条"},
		{"用两个线程，迭代三轮", "用2个线程，迭代3轮"},
		// a count word before any other word, inside a longer numeral,
		// after an ordinal prefix, or the count one, stays as written
		{"二倍体样本，两端", "二倍体样本，两端"},
		{"二十三次", "二十三次"},
		{"第二轮", "第二轮"},
		{"一次完成", "一次完成"},
		// a product that is no whole number stays as written
		{"0.00001万", "0.00001万"},
	}
	for _, c := range cases {
		if got := cjkNumbers(c.in); got != c.want {
			t.Errorf("cjkNumbers(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := cjkNumbers("sample 10000 reads"); got != "sample 10000 reads" {
		t.Errorf("a text without Chinese changed: %q", got)
	}
	if _, ok := multiply("x", "10"); ok {
		t.Error("multiply read a non-number")
	}
}

// TestCJKNumberWords checks what a Chinese number's measure words add to
// its words, and the numbers Parse reads written with a multiplier.
func TestCJKNumberWords(t *testing.T) {
	ctx := func(task, value string) []string {
		for _, n := range Parse(task).Numbers {
			if n.Value == value {
				return n.Context
			}
		}
		t.Errorf("%q: no number %s in %+v", task, value, Parse(task).Numbers)
		return nil
	}
	if c := ctx("取 reads.fq 的前 4000 行，保存为 top.fq", "4000"); !slices.Contains(c, "first") || !slices.Contains(c, "lines") {
		t.Errorf("前 4000 行: %v", c)
	}
	if c := ctx("看一下 run.log 最后 50 行", "50"); !slices.Contains(c, "last") || !slices.Contains(c, "lines") {
		t.Errorf("最后 50 行: %v", c)
	}
	if c := ctx("迭代 3 轮，4 个线程", "3"); !slices.Contains(c, "iterations") {
		t.Errorf("迭代 3 轮: %v", c)
	}
	// a measure word in the next clause says nothing of the number
	if c := ctx("长度 30，行数不限", "30"); slices.Contains(c, "lines") {
		t.Errorf("a measure word across a comma: %v", c)
	}
	if c := ctx("从 a.fq 随机抽取1万条读段", "10000"); c == nil {
		t.Error("1万 is 10000")
	}
	if fr := Parse("用两个线程比对"); len(fr.Numbers) != 1 || fr.Numbers[0].Value != "2" || fr.Numbers[0].Context[0] != "threads" {
		t.Errorf("两个线程: %+v", fr.Numbers)
	}
	if fr := Parse("对二倍体样本做变异检测"); len(fr.Numbers) != 0 {
		t.Errorf("二倍体 is no number: %+v", fr.Numbers)
	}
}
